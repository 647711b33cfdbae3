// The anchor GitHub gives a heading, given to the site's headings too: a link such as
// `mocking.md#the-stateful-mock-as-a-server` then lands on its heading on GitHub and in the site.
// (VitePress's own slugify writes `127-0-0-1` where GitHub writes `127001`.)
export const githubSlug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replaceAll(" ", "-");
