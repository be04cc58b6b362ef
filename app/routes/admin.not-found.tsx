import { data } from "react-router";

/** An unknown /admin path (for a signed-in operator): the console's own 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function Page() {
  return null;
}
