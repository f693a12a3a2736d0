import type { Component } from "vue";
import { A2UI_RENDERERS, type A2uiBasicComponent } from "@threadline/core/a2ui";
import { A2uiAudioPlayer } from "./A2uiAudioPlayer.js";
import { A2uiButton } from "./A2uiButton.js";
import { A2uiCard } from "./A2uiCard.js";
import { A2uiCheckBox } from "./A2uiCheckBox.js";
import { A2uiChoicePicker } from "./A2uiChoicePicker.js";
import { A2uiDateTimeInput } from "./A2uiDateTimeInput.js";
import { A2uiDivider } from "./A2uiDivider.js";
import { A2uiIcon } from "./A2uiIcon.js";
import { A2uiImage } from "./A2uiImage.js";
import { A2uiList } from "./A2uiList.js";
import { A2uiModal } from "./A2uiModal.js";
import { A2uiSlider } from "./A2uiSlider.js";
import { A2uiStack } from "./A2uiStack.js";
import { A2uiTabs } from "./A2uiTabs.js";
import { A2uiText } from "./A2uiText.js";
import { A2uiTextField } from "./A2uiTextField.js";
import { A2uiVideo } from "./A2uiVideo.js";

/** The Vue components that draw the basic catalog, by the names core gives them. */
const RENDERERS: Readonly<Record<(typeof A2UI_RENDERERS)[A2uiBasicComponent], Component>> = {
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

/** The Vue component for a basic-catalog type. */
export function basicComponent(type: A2uiBasicComponent): Component {
  return RENDERERS[A2UI_RENDERERS[type]];
}
