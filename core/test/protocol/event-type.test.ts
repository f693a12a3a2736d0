// Threadline's EventType object is its own copy of @ag-ui/core's enum (so that importing it does
// not load @ag-ui/core): the same members with the same values, nothing more.
import { describe, expect, it } from "vitest";
import { EventType as AgUiEventType } from "@ag-ui/core";
import { EventType } from "../../src/index.js";

describe("EventType", () => {
  it("has exactly @ag-ui/core's members and values", () => {
    expect({ ...EventType }).toEqual({ ...AgUiEventType });
  });
});
