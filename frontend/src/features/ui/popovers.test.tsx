// Blueprint's Popover mispositions its content under React 19 and says so on the console once
// per instance; the app and the plugins use PopoverNext, which Tooltip, MenuItem submenus and
// context menus use too. These tests keep it that way.
import { Button, Popover, PopoverNext } from "@blueprintjs/core";
import { render, screen } from "@testing-library/react";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

const repo = resolve(__dirname, "../../../..");

/** The UI sources: the web app's, the built-in plugins' and the examples'. */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "static") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.d\.ts$|\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

function uiDirs(): string[] {
  const inside = (dir: string) => readdirSync(dir).map((name) => join(dir, name)).filter((path) => statSync(path).isDirectory());
  const pluginDirs = inside(resolve(repo, "plugins")).flatMap(inside);
  const exampleDirs = inside(resolve(repo, "examples"));
  const uis = [...pluginDirs, ...exampleDirs].map((dir) => join(dir, "ui")).filter(existsSync);
  return [resolve(repo, "frontend/src"), ...uis];
}

describe("popovers", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are PopoverNext everywhere in the UI sources", () => {
    const offenders = uiDirs()
      .flatMap((dir) => sources(dir))
      .filter((path) => !path.endsWith(join("plugins", "shared.ts")))
      .filter((path) => /<Popover[\s>]|\bPopover\s*[,}]/.test(readFileSync(path, "utf8")))
      .map((path) => relative(repo, path));
    expect(offenders).toEqual([]);
  });

  it("open without a console warning under React 19 (the legacy Popover warns)", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    render(
      <PopoverNext isOpen content={<div>next content</div>}>
        <Button text="next" />
      </PopoverNext>,
    );
    expect(screen.getByText("next content")).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();

    render(
      <Popover isOpen content={<div>legacy content</div>}>
        <Button text="legacy" />
      </Popover>,
    );
    expect(warn.mock.calls.flat().join(" ")).toMatch(/PopoverNext/);
  });
});
