// Whether my e-mail address is verified (only a link mailed to it verifies it), with a
// button that mails a new verification link.
import { Button, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppStore } from "../../app/hooks";
import { notify } from "../ui/notify";

export function EmailStatus({ verified }: { verified: boolean }) {
  const intl = useIntl();
  const store = useAppStore();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  if (verified) {
    return (
      <Tag minimal intent="success" className="wb-tag-gap" data-testid="email-verified">
        <FormattedMessage id="account.email.verified" />
      </Tag>
    );
  }
  const send = async () => {
    setBusy(true);
    const result = await store.http.request({ url: "/api/v1/auth/email/verification", method: "POST" });
    setBusy(false);
    if (result.error) return notify(result.error.message, "danger");
    setSent(true);
    notify(intl.formatMessage({ id: "account.email.sent" }), "success");
  };
  return (
    <>
      <Tag minimal intent="warning" className="wb-tag-gap" data-testid="email-unverified">
        <FormattedMessage id="account.email.unverified" />
      </Tag>
      <Button variant="minimal" size="small" icon="envelope" loading={busy} disabled={sent} onClick={() => void send()} data-testid="email-verify-send">
        <FormattedMessage id="account.email.sendLink" />
      </Button>
    </>
  );
}
