// The single-device page (/solo): people on this device pass it round (the hand hides at each
// handover), computers fill the other seats. Shares hostpage.js with the table page.
import { HostPage } from "./hostpage.js";

const page = new HostPage("solo");
page.start();
window.__domino = page;
