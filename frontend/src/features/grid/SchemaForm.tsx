// A form generated from a JSON Schema: the settings of a field type whose plugin gives no
// settings component. Objects nest (`meta`, `colOptions`); strings, integers, numbers,
// booleans and enums get an input each; titles are message keys. Other shapes (arrays) are
// left to the type's own component.
import { Checkbox, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { JsonSchema } from "../../plugins/catalogue";

type Value = Record<string, unknown>;

interface Props {
  schema: JsonSchema;
  value: Value;
  onChange(value: Value): void;
  /** Prefix of the inputs' ids and test ids. */
  idPrefix?: string;
}

/** The leaf properties a generated form shows, with their paths (e.g. ["meta", "max"]). */
export function schemaFields(schema: JsonSchema, path: string[] = []): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const out: { path: string[]; schema: JsonSchema; required: boolean }[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const at = [...path, key];
    if (prop.type === "object" || prop.properties) out.push(...schemaFields(prop, at));
    else if (prop.enum || ["string", "integer", "number", "boolean"].includes(prop.type ?? "")) {
      out.push({ path: at, schema: prop, required: !!schema.required?.includes(key) });
    }
  }
  return out;
}

export function getPath(value: Value, path: readonly string[]): unknown {
  let at: unknown = value;
  for (const key of path) at = at && typeof at === "object" ? (at as Value)[key] : undefined;
  return at;
}

export function setPath(value: Value, path: readonly string[], next: unknown): Value {
  const [key, ...rest] = path;
  if (!rest.length) return { ...value, [key]: next };
  const inner = value[key] && typeof value[key] === "object" ? (value[key] as Value) : {};
  return { ...value, [key]: setPath(inner, rest, next) };
}

/** The schema's defaults, where the value has none. */
export function withDefaults(schema: JsonSchema, value: Value): Value {
  let out = value;
  for (const field of schemaFields(schema)) {
    if (getPath(out, field.path) === undefined && field.schema.default !== undefined) out = setPath(out, field.path, field.schema.default);
  }
  return out;
}

/** The first required setting that is empty (its title, a message key, or its name), or null. */
export function missingRequired(schema: JsonSchema, value: Value): string | null {
  const check = (s: JsonSchema, v: Value): string | null => {
    for (const key of s.required ?? []) {
      const got = v[key];
      if (got === undefined || got === null || (typeof got === "string" && !got.trim())) return s.properties?.[key]?.title ?? key;
    }
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      if ((prop.type === "object" || prop.properties) && v[key] && typeof v[key] === "object") {
        const inner = check(prop, v[key] as Value);
        if (inner) return inner;
      }
    }
    return null;
  };
  return check(schema, value);
}

export function SchemaForm({ schema, value, onChange, idPrefix = "field-setting" }: Props) {
  const intl = useIntl();
  const title = (s: JsonSchema, path: string[]) =>
    s.title ? intl.formatMessage({ id: s.title, defaultMessage: path[path.length - 1] }) : path[path.length - 1];
  return (
    <div className="wb-schema-form" data-testid="schema-form">
      {schemaFields(schema).map(({ path, schema: prop }) => {
        const id = `${idPrefix}-${path.join("-")}`;
        const current = getPath(value, path) ?? prop.default;
        const set = (next: unknown) => onChange(setPath(value, path, next));
        const label = title(prop, path);
        if (prop.type === "boolean") {
          return (
            <Checkbox key={id} id={id} label={label} checked={current === true} onChange={(e) => set(e.currentTarget.checked)} data-testid={id} />
          );
        }
        let input;
        if (prop.enum) {
          input = (
            <HTMLSelect id={id} fill value={current === undefined ? "" : String(current)} onChange={(e) => set(prop.enum!.find((o) => String(o) === e.currentTarget.value))} data-testid={id}>
              {current === undefined && <option value="">{intl.formatMessage({ id: "field.rich.choose" })}</option>}
              {prop.enum.map((o) => (
                <option key={String(o)} value={String(o)}>
                  {String(o)}
                </option>
              ))}
            </HTMLSelect>
          );
        } else if (prop.type === "integer" || prop.type === "number") {
          input = (
            <InputGroup
              id={id}
              type="number"
              min={prop.minimum}
              max={prop.maximum}
              step={prop.type === "integer" ? 1 : "any"}
              value={current === undefined || current === null ? "" : String(current)}
              onValueChange={(text) => {
                if (!text.trim()) return set(undefined);
                const n = Number(text);
                if (Number.isFinite(n)) set(prop.type === "integer" ? Math.trunc(n) : n);
              }}
              data-testid={id}
            />
          );
        } else {
          input = <InputGroup id={id} value={current === undefined || current === null ? "" : String(current)} onValueChange={set} data-testid={id} />;
        }
        return (
          <FormGroup key={id} label={label} labelFor={id}>
            {input}
          </FormGroup>
        );
      })}
    </div>
  );
}
