/**
 * build/nginx/redirects.map: the route table's moved addresses (`redirects`) as nginx's map of old address → new
 * one, included by docker/nginx/templates/salon.conf.template. nginx matches a map's strings in any letter case, so
 * /Endermologia-lpg moves as /endermologia-LPG does; the trailing-slash form is listed too, so it moves in one step.
 */
export function redirectMap(redirects: Readonly<Record<string, string>>): string {
  const lines = Object.entries(redirects).flatMap(([from, to]) =>
    [from, `${from}/`].map((key) => `    ${JSON.stringify(key)} ${JSON.stringify(to)};`),
  );
  return `# Written by frontend/build/postbuild.ts: pages that moved, old address → new.\nmap $uri $salon_moved_to {\n    default "";\n${lines.join("\n")}\n}\n`;
}
