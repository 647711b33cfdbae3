import { type RefObject, useEffect, useState } from "react";

/** Whether `target` is within 200 px of `root`'s visible area, as the user scrolls it. */
export function useInView(target: RefObject<Element | null>, root: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false), { root: root.current, rootMargin: "200px" });
    if (target.current) observer.observe(target.current);
    return () => observer.disconnect();
  }, [target, root]);
  return inView;
}
