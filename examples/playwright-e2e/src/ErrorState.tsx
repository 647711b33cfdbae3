import type { components } from "session-recordings-api";

/**
 * A failed request. openapi-react-query throws the API's error body as it came (it holds no
 * status); a request that got no answer throws the client's error (ConnectionError, …).
 */
export function ErrorState({ title, error }: { title: string; error: components["schemas"]["ErrorBody"] | Error | null }) {
  const detail = error instanceof Error ? error.message : `${error?.detail} (${error?.code})`;
  return (
    <p role="alert">
      {title}: {detail}
    </p>
  );
}
