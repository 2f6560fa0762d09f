// The connection form's state and the config it sends.
import type { CatalogueDatabaseClient } from "../../plugins/catalogue";
import type { ConnectionConfig } from "./api";

export const SSL_MODES = ["No", "Allowed", "Preferred", "Required", "Required-CA", "Required-Identity"] as const;
export const SSL_FILES = ["ca", "cert", "key"] as const;

export interface ConnectionForm {
  client: string;
  host: string;
  port: string;
  user: string;
  password: string;
  database: string;
  searchPath: string;
  filename: string;
  sslMode: string;
  ca: string;
  cert: string;
  key: string;
}

export function emptyForm(client: CatalogueDatabaseClient | undefined): ConnectionForm {
  return {
    client: client?.name ?? "",
    host: "",
    port: client?.defaultPort ? String(client.defaultPort) : "",
    user: "",
    password: "",
    database: "",
    searchPath: (client?.defaultSearchPath ?? []).join(", "),
    filename: "",
    sslMode: "No",
    ca: "",
    cert: "",
    key: "",
  };
}

/** The config the API takes for the form (fields the client does not ask for left out). */
export function configOf(form: ConnectionForm, client: CatalogueDatabaseClient): ConnectionConfig {
  if (client.fileBased) return { client: client.name, connection: { filename: form.filename.trim() } };
  const connection: Record<string, unknown> = {
    host: form.host.trim(),
    port: form.port.trim() ? Number(form.port) : client.defaultPort,
    user: form.user,
    password: form.password,
    database: form.database.trim(),
  };
  if (client.supportsSsl) {
    const ssl: Record<string, string> = { mode: form.sslMode };
    for (const kind of SSL_FILES) if (form[kind].trim()) ssl[kind] = form[kind];
    connection.ssl = ssl;
  }
  const config: ConnectionConfig = { client: client.name, connection };
  if (client.usesSearchPath) {
    config.searchPath = form.searchPath.split(",").map((s) => s.trim()).filter(Boolean);
  }
  return config;
}
