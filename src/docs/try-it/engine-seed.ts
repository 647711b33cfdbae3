// The in-page mock of the description's page (index.html).
import { seedProfile } from "../../mock/profiles/seed.js";
import { offerEngine } from "./engine.js";

offerEngine(seedProfile);
