// Public entry of @threadline/core. Each stage of the data's path exports from its own folder.
export const VERSION = "0.1.0";
