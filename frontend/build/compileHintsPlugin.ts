import type { Plugin } from "vite";
import type { OutputChunk } from "rolldown";

/**
 * V8's explicit compile hint (Chrome 136+): a file that starts with this comment has all its functions compiled on
 * the background thread that streams it in, instead of each one on the main thread the first time it is called.
 * Other engines read a comment.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * The chunks every page runs as it hydrates: React, React DOM and the router (framework), the app's shared
 * modules, the entry, the root and the route modules. Not what a page imports later on its own (the lightbox, the
 * contact form's solver): those are compiled lazily as before, when they are needed.
 */
export function runsOnLoad(chunk: Pick<OutputChunk, "name" | "isEntry" | "moduleIds">): boolean {
  return (
    chunk.name === "framework" ||
    chunk.name === "app" ||
    chunk.isEntry ||
    chunk.moduleIds.some((id) => /[\\/]frontend[\\/]app[\\/](root\.tsx|routes[\\/])/.test(id))
  );
}

/**
 * Why: on a phone's slow CPU, a good part of hydration's long tasks is V8 compiling React's functions lazily, one
 * by one as the first render calls them, on the main thread. Compiled while the file streams in, they cost the main
 * thread nothing when the page hydrates. Added
 * when the bundle is written, after the minifier, which would drop the comment.
 */
export function compileHintsOnLoadChunks(): Plugin {
  return {
    name: "salon-compile-hints",
    apply: "build",
    generateBundle: {
      // After Vite's own, which puts the map of a chunk's dynamic imports at its top: the hint must be the first line.
      order: "post",
      handler(_options, bundle) {
        if (this.environment.config.consumer !== "client") return;
        for (const file of Object.values(bundle))
          if (file.type === "chunk" && runsOnLoad(file)) {
            file.code = COMPILE_HINT + file.code;
            // The source map (SOURCEMAP=1) one line down with it.
            if (file.map) file.map.mappings = `;${file.map.mappings}`;
          }
      },
    },
  };
}
