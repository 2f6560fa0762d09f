import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { setCatalogue, type Catalogue } from "../plugins/catalogue";
import fixture from "../plugins/testdata/catalogue.json";

// The helpers outside React read the catalogue last received: the built-in plugins' one.
beforeEach(() => setCatalogue(fixture as unknown as Catalogue));
afterEach(() => cleanup());
