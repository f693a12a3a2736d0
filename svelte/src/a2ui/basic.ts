import type { Component } from "svelte";
import { A2UI_RENDERERS, type A2uiBasicComponent } from "@threadline/core/a2ui";
import type { A2uiComponentProps } from "./context.js";
import A2uiText from "./A2uiText.svelte";
import A2uiImage from "./A2uiImage.svelte";
import A2uiIcon from "./A2uiIcon.svelte";
import A2uiVideo from "./A2uiVideo.svelte";
import A2uiAudioPlayer from "./A2uiAudioPlayer.svelte";
import A2uiStack from "./A2uiStack.svelte";
import A2uiList from "./A2uiList.svelte";
import A2uiCard from "./A2uiCard.svelte";
import A2uiTabs from "./A2uiTabs.svelte";
import A2uiModal from "./A2uiModal.svelte";
import A2uiDivider from "./A2uiDivider.svelte";
import A2uiButton from "./A2uiButton.svelte";
import A2uiTextField from "./A2uiTextField.svelte";
import A2uiCheckBox from "./A2uiCheckBox.svelte";
import A2uiChoicePicker from "./A2uiChoicePicker.svelte";
import A2uiSlider from "./A2uiSlider.svelte";
import A2uiDateTimeInput from "./A2uiDateTimeInput.svelte";

/** The Svelte components that draw the basic catalog, by the names core gives them. */
const RENDERERS: Readonly<Record<(typeof A2UI_RENDERERS)[A2uiBasicComponent], Component<A2uiComponentProps>>> = {
  A2uiAudioPlayer,
  A2uiButton,
  A2uiCard,
  A2uiCheckBox,
  A2uiChoicePicker,
  A2uiDateTimeInput,
  A2uiDivider,
  A2uiIcon,
  A2uiImage,
  A2uiList,
  A2uiModal,
  A2uiSlider,
  A2uiStack,
  A2uiTabs,
  A2uiText,
  A2uiTextField,
  A2uiVideo,
};

/** The Svelte component for a basic-catalog type. */
export function basicComponent(type: A2uiBasicComponent): Component<A2uiComponentProps> {
  return RENDERERS[A2UI_RENDERERS[type]];
}
