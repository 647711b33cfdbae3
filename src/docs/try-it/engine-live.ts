// The in-page mock of the live service's page (live.html).
import { liveProfile } from "../../mock/profiles/live.js";
import { offerEngine } from "./engine.js";

offerEngine(liveProfile);
