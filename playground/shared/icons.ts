// Small inline SVG icons (no icon font, no emoji font needed). Static markup, safe to inject.

const svg = (body: string, size = 20) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;

const SUN = '<circle cx="12" cy="12" r="4.2"/><path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4"/>';
const CLOUD = '<path d="M7 18.5h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 9.4 4.6 4.6 0 0 0 7 18.5z"/>';
const PARTLY = '<path d="M8.5 4.5v1.2M3.8 9.2H5M5.2 5.9l.9.9M11.8 5.9l-.9.9"/><path d="M5.6 11.4a3.4 3.4 0 0 1 6.2-2.6"/><path d="M9.5 19.5h8a3.4 3.4 0 0 0 .5-6.76 5 5 0 0 0-9.4-1.04A3.9 3.9 0 0 0 9.5 19.5z"/>';
const RAIN = '<path d="M7 14.5h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.6 5.4 4.6 4.6 0 0 0 7 14.5z"/><path d="M8.5 17.5l-1 2.5M12.5 17.5l-1 2.5M16.5 17.5l-1 2.5"/>';
const WIND = '<path d="M3 8.5h11a2.5 2.5 0 1 0-2.5-2.5M3 12.5h15a2.5 2.5 0 1 1-2.5 2.5M3 16.5h8"/>';
const DROP = '<path d="M12 3.5s-5.5 6.2-5.5 10a5.5 5.5 0 0 0 11 0c0-3.8-5.5-10-5.5-10z"/>';
const THERMO = '<path d="M10 4.5a2 2 0 0 1 4 0v9.3a4 4 0 1 1-4 0z"/>';

export const ICON = {
  tool: svg('<path d="M14.7 6.3a4 4 0 0 0-5.2 5.2L4 17l3 3 5.5-5.5a4 4 0 0 0 5.2-5.2l-2.5 2.5-2.6-.4-.4-2.6z"/>', 16),
  drop: svg(DROP, 15),
  wind: svg(WIND, 15),
  question: svg('<circle cx="12" cy="12" r="9"/><path d="M9.6 9.3a2.5 2.5 0 0 1 4.8.9c0 1.7-2.4 2.2-2.4 3.8M12 17h.01"/>', 18),
  paperclip: svg('<path d="M20 11.5 12.2 19.3a5 5 0 0 1-7.1-7.1l8.1-8.1a3.3 3.3 0 0 1 4.7 4.7l-8.1 8.1a1.7 1.7 0 0 1-2.4-2.4l7.4-7.4"/>', 18),
  alert: svg('<path d="M12 3.5 2.5 20h19z"/><path d="M12 10v4.5M12 17.5h.01"/>', 18),
  menu: svg('<path d="M4 6.5h16M4 12h16M4 17.5h16"/>', 18),
} as const;

/** An icon for a weather condition ("Light rain showers" → rain…). */
export function weatherIcon(condition: string | undefined, size = 40): string {
  const text = (condition ?? "").toLowerCase();
  const body =
    text.includes("rain") || text.includes("shower")
      ? RAIN
      : text.includes("partly")
        ? PARTLY
        : text.includes("overcast") || text.includes("cloud")
          ? CLOUD
          : text.includes("wind")
            ? WIND
            : text.includes("sun") || text.includes("clear")
              ? SUN
              : THERMO;
  return svg(body, size);
}
