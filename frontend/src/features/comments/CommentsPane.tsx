// The comments of the record open in the expanded view: author, time and an edited marker
// for each, edit and delete of one's own, and a box to write (commenters and up).
import { Button, Callout, TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useMeQuery } from "../session/api";
import { notify } from "../ui/notify";
import {
  type RowComment,
  useAddCommentMutation,
  useCommentsQuery,
  useDeleteCommentMutation,
  useEditCommentMutation,
} from "./api";

interface Props {
  projectId: string;
  tableId: string;
  rowId: string;
  canComment: boolean;
}

/** The server keeps times in UTC without a zone. */
export function commentTime(value: string): Date {
  return new Date(`${value.replace(" ", "T")}Z`);
}

function errorText(error: unknown, fallback: string): string {
  const data = (error as HttpError | undefined)?.data as { msg?: string } | undefined;
  return data?.msg ?? fallback;
}

function CommentItem({ comment, mine, args }: { comment: RowComment; mine: boolean; args: { tableId: string; rowId: string } }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<string | null>(null);
  const [edit, editState] = useEditCommentMutation();
  const [remove, removeState] = useDeleteCommentMutation();
  const save = async () => {
    if (draft === null || !draft.trim()) return;
    try {
      await edit({ ...args, id: comment.id, text: draft }).unwrap();
      setDraft(null);
      notify(intl.formatMessage({ id: "comments.edited" }), "success");
    } catch (error) {
      notify(errorText(error, intl.formatMessage({ id: "comments.failed" })), "danger");
    }
  };
  const del = async () => {
    try {
      await remove({ ...args, id: comment.id }).unwrap();
      notify(intl.formatMessage({ id: "comments.deleted" }), "success");
    } catch (error) {
      notify(errorText(error, intl.formatMessage({ id: "comments.failed" })), "danger");
    }
  };
  return (
    <li className="wb-comment" data-testid="comment">
      <div className="wb-comment-head">
        <strong data-testid="comment-author">{comment.display_name}</strong>{" "}
        <time className="bp6-text-muted" dateTime={comment.created_at}>
          {intl.formatDate(commentTime(comment.created_at), { dateStyle: "medium", timeStyle: "short" })}
        </time>
        {comment.is_edited && (
          <span className="bp6-text-muted" data-testid="comment-edited">
            {" "}
            <FormattedMessage id="comments.editedMarker" />
          </span>
        )}
      </div>
      {draft === null ? (
        <div className="wb-comment-text" data-testid="comment-text">
          {comment.comment}
        </div>
      ) : (
        <TextArea
          fill
          autoFocus
          value={draft}
          aria-label={intl.formatMessage({ id: "comments.editLabel" })}
          onChange={(e) => setDraft(e.target.value)}
          data-testid="comment-edit-input"
        />
      )}
      {mine && (
        <div className="wb-comment-actions">
          {draft === null ? (
            <>
              <Button size="small" variant="minimal" onClick={() => setDraft(comment.comment)} data-testid="comment-edit">
                <FormattedMessage id="comments.edit" />
              </Button>
              <Button size="small" variant="minimal" intent="danger" loading={removeState.isLoading} onClick={() => void del()} data-testid="comment-delete">
                <FormattedMessage id="comments.delete" />
              </Button>
            </>
          ) : (
            <>
              <Button size="small" onClick={() => setDraft(null)}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button size="small" intent="primary" loading={editState.isLoading} disabled={!draft.trim()} onClick={() => void save()} data-testid="comment-edit-save">
                <FormattedMessage id="common.save" />
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

export function CommentsPane({ projectId, tableId, rowId, canComment }: Props) {
  const intl = useIntl();
  const args = { tableId, rowId };
  const { data: comments, isError } = useCommentsQuery(args);
  const { data: me } = useMeQuery({ projectId });
  const [text, setText] = useState("");
  const [add, addState] = useAddCommentMutation();
  const send = async () => {
    if (!text.trim()) return;
    try {
      await add({ ...args, text }).unwrap();
      setText("");
      notify(intl.formatMessage({ id: "comments.added" }), "success");
    } catch (error) {
      notify(errorText(error, intl.formatMessage({ id: "comments.failed" })), "danger");
    }
  };
  return (
    <section className="wb-comments" data-testid="comments-pane" aria-label={intl.formatMessage({ id: "comments.title" })}>
      <h4 className="bp6-heading">
        <FormattedMessage id="comments.title" />
      </h4>
      {isError && (
        <Callout intent="danger" compact>
          <FormattedMessage id="comments.loadFailed" />
        </Callout>
      )}
      {comments && comments.length === 0 && (
        <p className="bp6-text-muted" data-testid="comments-empty">
          <FormattedMessage id="comments.none" />
        </p>
      )}
      <ul className="wb-comment-list">
        {(comments ?? []).map((c) => (
          <CommentItem key={c.id} comment={c} mine={canComment && !!me?.id && c.created_by === me.id} args={args} />
        ))}
      </ul>
      {canComment && (
        <div className="wb-comment-box">
          <TextArea
            fill
            value={text}
            placeholder={intl.formatMessage({ id: "comments.placeholder" })}
            aria-label={intl.formatMessage({ id: "comments.placeholder" })}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) void send();
            }}
            data-testid="comment-input"
          />
          <Button intent="primary" loading={addState.isLoading} disabled={!text.trim()} onClick={() => void send()} data-testid="comment-send">
            <FormattedMessage id="comments.send" />
          </Button>
        </div>
      )}
    </section>
  );
}
