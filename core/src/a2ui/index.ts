// @threadline/core/a2ui: A2UI v0.9 surfaces carried by AG-UI `a2ui-surface` activity messages,
// on the same signals as the thread. The Svelte and Vue renderers are @threadline/svelte/a2ui and
// @threadline/vue/a2ui.
export { A2uiSurfaces, createA2uiSurfaces, a2uiActionProps, chatA2ui } from "./surfaces.js";
export type { A2uiChat, A2uiSurfacesOptions } from "./surfaces.js";
export { A2uiSurface, enterComponent } from "./surface.js";
export type { A2uiChild, A2uiComponentDef, A2uiRenderContext, A2uiSurfaceHost, A2uiUserAction, A2uiView } from "./surface.js";
export { A2uiDataModel } from "./data-model.js";
export { A2UI_ACTIVITY_TYPE, lifecycleOf, operationsOf } from "./operations.js";
export type { A2uiComponentMessage, A2uiCreateSurface, A2uiLifecycle, A2uiOperation } from "./operations.js";
export { A2UI_BASIC_CATALOG_IDS, A2UI_BASIC_COMPONENTS, A2UI_RENDERERS, isBasicComponent } from "./catalog.js";
export type { A2uiBasicComponent } from "./catalog.js";
export { BASIC_FUNCTIONS, formatDatePattern } from "./functions.js";
export type { A2uiFunction, A2uiFunctionContext } from "./functions.js";
export { bindingPath } from "./dynamic.js";
export { A2UI_LIMITS } from "./warnings.js";
export type { A2uiLimits, A2uiWarning, A2uiWarningCode } from "./warnings.js";
export { iconLabel, iconPath } from "./icons.js";
export { A2UI_CSS, ensureA2uiStyles, themeStyle } from "./styles.js";
export { choiceOptions, dateTimeInputValue, dateTimeType, displayText, elementId, flexStyle, selectedValues, tabKeyTarget, tabList, textFieldType, toggleChoice } from "./inputs.js";
export type { A2uiOption, A2uiTab } from "./inputs.js";
