import { createApp } from "vue";
import "../../shared/app.css";
import App from "./App.vue";

createApp(App).mount("#app");
