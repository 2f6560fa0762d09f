// The name shown for me and my avatar, on the account page: the name saved with its button
// (blank: my first and last name), the avatar chosen as an image (checked here for its type
// and size before it goes, and by the server) or removed; each change says so.
import { Button, FileInput, FormGroup, InputGroup } from "@blueprintjs/core";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { User } from "../session/api";
import { notify } from "../ui/notify";
import { AVATAR_TYPES, avatarProblem, useRemoveAvatarMutation, useUpdateProfileMutation, useUploadAvatarMutation } from "./profileApi";

/** A user's avatar, else their initials. */
export function Avatar({ user, size = 40 }: { user: Pick<User, "avatar" | "display_name" | "email">; size?: number }) {
  const name = user.display_name || user.email || "";
  const initials = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return user.avatar ? (
    <img className="wb-avatar" src={user.avatar} alt="" width={size} height={size} data-testid="avatar-image" />
  ) : (
    <span className="wb-avatar wb-avatar-initials" style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden data-testid="avatar-initials">
      {initials}
    </span>
  );
}

export function ProfileEditor({ user }: { user: User }) {
  const intl = useIntl();
  const [name, setName] = useState(user.display_name ?? "");
  const [updateProfile, profileState] = useUpdateProfileMutation();
  const [uploadAvatar, uploadState] = useUploadAvatarMutation();
  const [removeAvatar, removeState] = useRemoveAvatarMutation();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const failed = (result: { error?: unknown }) => {
    if (!("error" in result) || !result.error) return false;
    notify((result.error as HttpError).message, "danger");
    return true;
  };
  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    const result = await updateProfile({ display_name: name.trim() || null });
    if (failed(result)) return;
    if ("data" in result && result.data) setName(result.data.display_name ?? "");
    notify(intl.formatMessage({ id: "account.profile.saved" }), "success");
  };
  const chooseAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    const problem = avatarProblem(file);
    setAvatarError(problem ? intl.formatMessage({ id: problem }) : null);
    if (problem) return;
    if (!failed(await uploadAvatar(file))) notify(intl.formatMessage({ id: "account.avatar.saved" }), "success");
  };
  const dropAvatar = async () => {
    if (!failed(await removeAvatar())) notify(intl.formatMessage({ id: "account.avatar.removed" }), "success");
  };
  return (
    <div className="wb-profile-editor" data-testid="profile-editor">
      <div className="wb-profile-avatar">
        <Avatar user={user} size={64} />
        <div>
          <FileInput
            text={intl.formatMessage({ id: "account.avatar.choose" })}
            buttonText={intl.formatMessage({ id: "account.avatar.browse" })}
            disabled={uploadState.isLoading}
            inputProps={{ accept: AVATAR_TYPES.join(","), "data-testid": "avatar-file", "aria-label": intl.formatMessage({ id: "account.avatar.choose" }) } as never}
            onInputChange={chooseAvatar as never}
          />
          {user.avatar && (
            <Button variant="minimal" intent="danger" icon="trash" loading={removeState.isLoading} onClick={() => void dropAvatar()} data-testid="avatar-remove">
              <FormattedMessage id="account.avatar.remove" />
            </Button>
          )}
          {avatarError && (
            <p className="bp6-text-danger" role="alert" data-testid="avatar-error">
              {avatarError}
            </p>
          )}
        </div>
      </div>
      <form onSubmit={saveName} noValidate>
        <FormGroup
          label={intl.formatMessage({ id: "account.displayName" })}
          labelFor="profile-display-name"
          helperText={intl.formatMessage({ id: "account.displayName.help" })}
        >
          <div className="wb-inline-form">
            <InputGroup id="profile-display-name" value={name} maxLength={255} onValueChange={setName} data-testid="profile-display-name" />
            <Button type="submit" intent="primary" loading={profileState.isLoading} data-testid="profile-save">
              <FormattedMessage id="common.save" />
            </Button>
          </div>
        </FormGroup>
      </form>
    </div>
  );
}
