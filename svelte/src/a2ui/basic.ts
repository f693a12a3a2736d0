import type { Component } from "svelte";
import type { A2uiBasicComponent } from "@threadline/core/a2ui";
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

/** The Svelte component for a basic-catalog type (read at render time: the components import this module's users back). */
export function basicComponent(type: A2uiBasicComponent): Component<A2uiComponentProps> {
  switch (type) {
    case "Text":
      return A2uiText;
    case "Image":
      return A2uiImage;
    case "Icon":
      return A2uiIcon;
    case "Video":
      return A2uiVideo;
    case "AudioPlayer":
      return A2uiAudioPlayer;
    case "Row":
    case "Column":
      return A2uiStack;
    case "List":
      return A2uiList;
    case "Card":
      return A2uiCard;
    case "Tabs":
      return A2uiTabs;
    case "Modal":
      return A2uiModal;
    case "Divider":
      return A2uiDivider;
    case "Button":
      return A2uiButton;
    case "TextField":
      return A2uiTextField;
    case "CheckBox":
      return A2uiCheckBox;
    case "ChoicePicker":
      return A2uiChoicePicker;
    case "Slider":
      return A2uiSlider;
    case "DateTimeInput":
      return A2uiDateTimeInput;
    default: {
      const never: never = type;
      return never;
    }
  }
}
