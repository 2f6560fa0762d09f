"""Row comments: notes members leave on a record, kept in the meta database.

Commenters and the roles above them write; every member reads. A comment belongs to one
record of one table (``fk_model_id`` and ``row_id``, the record's id as the API shows it);
only its author edits or deletes it. New, edited and deleted comments are announced on the
realtime socket, and members named in a comment by ``@address`` get a mail.
"""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
