import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { setCatalogue, type Catalogue } from "../plugins/catalogue";
import fixture from "../plugins/testdata/catalogue.json";
import { tearDown } from "../features/ui/teardown";

// The helpers outside React read the catalogue last received: the built-in plugins' one.
beforeEach(() => setCatalogue(fixture as unknown as Catalogue));
// A toast outlives its test by seconds: its timers would render into a document torn down.
afterEach(() => {
  cleanup();
  tearDown();
});
