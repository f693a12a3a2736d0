/**
 * The renderers' stylesheet, themed by CSS custom properties an app sets on any ancestor (or on
 * `.a2ui-surface`): `--a2ui-primary`, `--a2ui-on-primary`, `--a2ui-text`, `--a2ui-muted`,
 * `--a2ui-background`, `--a2ui-border`, `--a2ui-error`, `--a2ui-focus`, `--a2ui-radius`,
 * `--a2ui-gap`, `--a2ui-font`. A surface's own `theme.primaryColor` sets `--a2ui-primary` on it.
 */
export const A2UI_CSS = `
.a2ui-surface{--a2ui-primary-fallback:#2563eb;font:var(--a2ui-font,inherit);color:var(--a2ui-text,inherit);display:flex;flex-direction:column;gap:var(--a2ui-gap,.5rem)}
.a2ui-surface :focus-visible{outline:2px solid var(--a2ui-focus,var(--a2ui-primary,var(--a2ui-primary-fallback)));outline-offset:2px}
.a2ui-row{display:flex;flex-direction:row;gap:var(--a2ui-gap,.5rem)}
.a2ui-column,.a2ui-list{display:flex;flex-direction:column;gap:var(--a2ui-gap,.5rem);margin:0;padding:0;list-style:none}
.a2ui-list[data-direction=horizontal]{flex-direction:row;overflow-x:auto}
.a2ui-card{background:var(--a2ui-background,transparent);border:1px solid var(--a2ui-border,#d4d4d8);border-radius:var(--a2ui-radius,.5rem);padding:calc(var(--a2ui-gap,.5rem)*2)}
.a2ui-text{margin:0}
.a2ui-text[data-variant=caption]{color:var(--a2ui-muted,#71717a);font-size:.85em}
.a2ui-image{max-width:100%;border-radius:var(--a2ui-radius,.5rem)}
.a2ui-image[data-variant=icon]{width:1.5rem;height:1.5rem}
.a2ui-image[data-variant=avatar]{width:2.5rem;height:2.5rem;border-radius:50%}
.a2ui-image[data-variant=smallFeature]{max-width:8rem}
.a2ui-image[data-variant=header]{width:100%;max-height:12rem}
.a2ui-icon{width:1.25em;height:1.25em;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round;vertical-align:-.2em}
.a2ui-video,.a2ui-audio audio{max-width:100%}
.a2ui-divider{border:0;border-top:1px solid var(--a2ui-border,#d4d4d8);margin:0;align-self:stretch}
.a2ui-divider[aria-orientation=vertical]{border-top:0;border-left:1px solid var(--a2ui-border,#d4d4d8)}
.a2ui-button{font:inherit;cursor:pointer;border-radius:var(--a2ui-radius,.5rem);padding:.4rem .9rem;border:1px solid var(--a2ui-border,#d4d4d8);background:var(--a2ui-background,transparent);color:inherit}
.a2ui-button[data-variant=primary]{background:var(--a2ui-primary,var(--a2ui-primary-fallback));border-color:transparent;color:var(--a2ui-on-primary,#fff)}
.a2ui-button[data-variant=borderless]{border-color:transparent;background:none;color:var(--a2ui-primary,var(--a2ui-primary-fallback));padding-inline:.2rem}
.a2ui-button:disabled{opacity:.55;cursor:not-allowed}
.a2ui-field{display:flex;flex-direction:column;gap:.25rem}
.a2ui-field input,.a2ui-field textarea{font:inherit;padding:.4rem .5rem;border:1px solid var(--a2ui-border,#d4d4d8);border-radius:var(--a2ui-radius,.5rem);background:var(--a2ui-background,transparent);color:inherit}
.a2ui-field [aria-invalid=true]{border-color:var(--a2ui-error,#dc2626)}
.a2ui-errors{color:var(--a2ui-error,#dc2626);font-size:.85em;margin:0;padding:0;list-style:none}
.a2ui-choices{border:0;padding:0;margin:0;display:flex;flex-direction:column;gap:.25rem}
.a2ui-choices[data-display=chips] .a2ui-choice-options{display:flex;flex-wrap:wrap;gap:.25rem}
.a2ui-choices[data-display=chips] label{border:1px solid var(--a2ui-border,#d4d4d8);border-radius:999px;padding:.15rem .6rem}
.a2ui-tabs [role=tablist]{display:flex;gap:.25rem;border-bottom:1px solid var(--a2ui-border,#d4d4d8)}
.a2ui-tabs [role=tab]{font:inherit;background:none;border:0;border-bottom:2px solid transparent;padding:.4rem .7rem;cursor:pointer;color:inherit}
.a2ui-tabs [role=tab][aria-selected=true]{border-bottom-color:var(--a2ui-primary,var(--a2ui-primary-fallback))}
.a2ui-modal-dialog{border:1px solid var(--a2ui-border,#d4d4d8);border-radius:var(--a2ui-radius,.5rem);padding:calc(var(--a2ui-gap,.5rem)*2);background:var(--a2ui-background,Canvas);color:var(--a2ui-text,CanvasText)}
.a2ui-modal-close{float:right}
.a2ui-fallback{color:var(--a2ui-muted,#71717a);font-size:.85em}
.a2ui-lifecycle{color:var(--a2ui-muted,#71717a)}
`;

const STYLE_ID = "threadline-a2ui-styles";

/** Adds the stylesheet to `document` once (the renderers call it when a surface mounts). */
export function ensureA2uiStyles(doc: Document | undefined = globalThis.document): void {
  if (doc === undefined || doc.getElementById(STYLE_ID) !== null) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = A2UI_CSS;
  doc.head.appendChild(style);
}

/** The custom properties a surface's `theme` sets (only a valid `#rrggbb` primary color). */
export function themeStyle(theme: Readonly<Record<string, unknown>>): string {
  const primary = theme["primaryColor"];
  return typeof primary === "string" && /^#[0-9a-fA-F]{6}$/.test(primary) ? `--a2ui-primary:${primary}` : "";
}
