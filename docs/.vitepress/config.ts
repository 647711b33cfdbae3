// The guide (docs/*.md) as a site, served at /guide/ beside the API reference: `npm run docs`
// builds it into docs-dist/guide/ (scripts/docs/guide.mjs), `npm start` serves it. It works
// offline: the theme's font is bundled, no web font, analytics or CDN is asked for, and its
// search is VitePress's local one, an index built into the site.
import { defineConfig } from "vitepress";
import { guidePagesInOrder } from "../../scripts/docs/guide-pages.mjs";
import { githubSlug } from "./github-slug.js";
import { referenceLinks } from "./reference-links.js";
import { repositoryLinks } from "./repository-links.js";
import { tableLabels } from "./table-labels.js";

// The sidebar is the README's table of the guide; the guide opens on its first page, where
// /guide/ itself redirects (scripts/servers/start.mjs).
const pages = guidePagesInOrder();
const home = `/${pages[0]!.page}`;

export default defineConfig({
  title: "Session Recordings API",
  description: "The guide to the Session Recordings, Playlists and Subscriptions API's client, mocks and conformance command",
  lang: "en",
  base: "/guide/",
  outDir: "../docs-dist/guide",
  useWebFonts: false,
  // The 404 page's home link follows the root locale's link.
  locales: { root: { label: "English", lang: "en", link: home } },
  markdown: {
    anchor: { slugify: githubSlug },
    config(md) {
      md.use(referenceLinks).use(repositoryLinks).use(tableLabels);
    },
  },
  themeConfig: {
    nav: [
      { text: "Guide", link: home, activeMatch: "^/(?!$)" },
      // Relative and with a target: the reference is no page of this site, so neither its base nor its router applies.
      { text: "API reference", link: "../", target: "_self" },
      { text: "Live service reference", link: "../live.html", target: "_self" },
    ],
    sidebar: pages.map(({ title, page }) => ({ text: title, link: `/${page}` })),
    outline: { level: [2, 3] },
    search: {
      provider: "local",
      options: {
        translations: {
          button: { buttonText: "Search the guide", buttonAriaLabel: "Search the guide's pages (the API reference has its own search)" },
          modal: { noResultsText: "No guide page (the API reference has its own search, for operations) matches" },
        },
      },
    },
  },
});
