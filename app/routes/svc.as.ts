import type { Route } from "./+types/svc.as";
import { svcAction, svcMethodNotAllowed } from "#app/web/svc.server.ts";
import { AS_BUCKET } from "#app/features/counter-inquiry/requests.server.ts";
import { createAsFromApi } from "#app/features/counter-inquiry/submit.server.ts";
import { whileCounterOn } from "#app/features/counter-inquiry/module.server.ts";

export const loader = svcMethodNotAllowed;

/** POST /svc/as/create (spec §7): multipart json_param + file_param per photo; 404 while the cash counter is switched off (issue 47). */
export const action = svcAction(
  AS_BUCKET,
  whileCounterOn((args: Route.ActionArgs) => createAsFromApi(args)),
);
