// AG-UI's event and message types, as Threadline reads them.
export * from "./events.js";
