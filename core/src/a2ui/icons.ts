/**
 * Outline glyphs (24×24 view box, stroked) for the basic catalog's icon names, drawn for this
 * renderer. A name without a glyph draws a dot, still labelled with its name.
 */
const GLYPHS: Readonly<Record<string, string>> = {
  accountCircle: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM6.5 18a6 6 0 0 1 11 0",
  add: "M12 5v14M5 12h14",
  arrowBack: "M19 12H5M11 6l-6 6 6 6",
  arrowForward: "M5 12h14M13 6l6 6-6 6",
  attachFile: "M8 12V7a4 4 0 0 1 8 0v9a2.5 2.5 0 0 1-5 0V8",
  calendarToday: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  call: "M6 3h3l2 5-2 1a11 11 0 0 0 6 6l1-2 5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 4 5a2 2 0 0 1 2-2Z",
  camera: "M4 8h4l2-3h4l2 3h4v11H4zM12 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z",
  check: "M5 12l5 5L19 7",
  close: "M6 6l12 12M18 6L6 18",
  delete: "M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  edit: "M4 20h4L19 9l-4-4L4 16zM14 6l4 4",
  event: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M14 14h3v3h-3z",
  error: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 7v6M12 16v1",
  fastForward: "M4 6l8 6-8 6zM12 6l8 6-8 6z",
  favorite: "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10Z",
  favoriteOff: "M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10ZM4 4l16 16",
  folder: "M3 6h6l2 2h10v11H3z",
  help: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14M12 17v.5",
  home: "M4 11l8-7 8 7M6 9v11h12V9",
  info: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM12 11v6M12 7v1",
  locationOn: "M12 21s-6-6-6-11a6 6 0 0 1 12 0c0 5-6 11-6 11ZM12 8a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z",
  lock: "M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3",
  lockOpen: "M6 11h12v9H6zM8 11V8a4 4 0 0 1 7.5-2",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  menu: "M4 7h16M4 12h16M4 17h16",
  moreVert: "M12 5v.5M12 12v.5M12 19v.5",
  moreHoriz: "M5 12h.5M12 12h.5M19 12h.5",
  notifications: "M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4",
  notificationsOff: "M6 17V11a6 6 0 0 1 12 0v6l2 2H4zM10 21h4M4 4l16 16",
  pause: "M8 5v14M16 5v14",
  payment: "M3 6h18v12H3zM3 10h18M7 15h4",
  person: "M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM4 21a8 8 0 0 1 16 0",
  phone: "M8 3h8v18H8zM11 18h2",
  photo: "M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 8.5h.5",
  play: "M7 5l12 7-12 7z",
  print: "M7 9V3h10v6M5 9h14v8h-2M7 14h10v7H7z",
  refresh: "M19 12a7 7 0 1 1-2-5M19 4v4h-4",
  rewind: "M20 6l-8 6 8 6zM12 6l-8 6 8 6z",
  search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM15.5 15.5L20 20",
  send: "M3 11l18-8-8 18-2-8z",
  settings: "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6ZM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2",
  share: "M6 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM18 4a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM18 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM8 11l8-4M8 13l8 4",
  shoppingCart: "M3 4h3l2 11h11l2-8H7M9 20h.5M17 20h.5",
  skipNext: "M6 5l10 7-10 7zM18 5v14",
  skipPrevious: "M18 5L8 12l10 7zM6 5v14",
  star: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  starHalf: "M12 3v14l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z",
  starOff: "M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9zM4 4l16 16",
  stop: "M6 6h12v12H6z",
  upload: "M12 20V9M7 14l5-5 5 5M5 4h14",
  visibility: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12ZM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z",
  visibilityOff: "M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12ZM4 4l16 16",
  volumeDown: "M4 9h4l5-4v14l-5-4H4zM16 10a3 3 0 0 1 0 4",
  volumeMute: "M4 9h4l5-4v14l-5-4H4z",
  volumeOff: "M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6",
  volumeUp: "M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18 6a8 8 0 0 1 0 12",
  warning: "M12 3l10 18H2zM12 10v5M12 18v.5",
};

const DOT = "M12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z";

/** The SVG path an Icon draws: the glyph for a catalog name, a `{ svgPath }` given as is (an attribute value, never markup). */
export function iconPath(name: unknown): string {
  if (typeof name === "string") return Object.hasOwn(GLYPHS, name) ? GLYPHS[name]! : DOT;
  if (typeof name === "object" && name !== null) {
    const path = (name as Record<string, unknown>)["svgPath"];
    if (typeof path === "string" && path.length <= 10_000) return path;
  }
  return DOT;
}

/** The accessible name of an icon: its catalog name in words ("shoppingCart" → "shopping cart"). */
export function iconLabel(name: unknown): string {
  return typeof name === "string" ? name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase() : "icon";
}
