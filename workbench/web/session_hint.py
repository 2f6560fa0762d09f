"""The page's first script, run before the prerendered shell paints: a visitor whose stored
session is still valid never sees the sign-in, sign-up or password pages (the web app sends
them on once it starts), so on those pages their card stays hidden until then (the class
``wb-session`` on the document, dropped as soon as the app lets a page through)."""

from __future__ import annotations

import re

#: the key of the web app's stored settings (which hold the session's token)
SETTINGS_KEY = "workbench.settings"

#: the pages for signed-out visitors only
SIGNED_OUT_PAGES = r"^/(signin|signup|forgot-password|reset-password)(/|$)"


def session_hint(base: str = "") -> str:
    """The script, for pages served under the base path ``base`` (``""`` at the root)."""
    pages = SIGNED_OUT_PAGES.replace("^/", "^" + re.escape(base) + "/", 1).replace("/", r"\/")
    return (
        "(function(){try{var s=JSON.parse(localStorage.getItem(" + repr(SETTINGS_KEY).replace("'", '"') + ')||"{}"),'
        'p=s.token&&s.token.split(".")[1],'
        'c=p&&JSON.parse(atob(p.replace(/-/g,"+").replace(/_/g,"/")));'
        "if(c&&c.exp*1000>Date.now()&&/" + pages + "/.test(location.pathname))"
        'document.documentElement.classList.add("wb-session")}catch(e){}})();'
    )


SESSION_HINT = session_hint()
