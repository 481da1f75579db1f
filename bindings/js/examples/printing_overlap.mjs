// An adapter that prints to standard output as a library might (the kit keeps it off the protocol): overlap by hand.
import { register, serve } from "aabb-oracle";
register("aabb_overlap_f64", (a, b) => {
  console.log("printed by the library");
  process.stdout.write("written by the library\n");
  return [0, 1, 2].every((i) => a.min[i] <= b.max[i] && b.min[i] <= a.max[i]);
});
serve();
