"""What the Ray drivers share (`ray_match.py`, `ray_study.py`, `ray_net_data.py`): one Ray task
per slice of a run, the results in slice order, and every failed slice reported.

Ray is imported only when slices are run, so each driver's --help works without it.
"""
import sys


def run_slices(address, shards, cpus, play_slice, *args):
    """Runs `play_slice(*args, k, shards)` for k = 1..shards as Ray tasks of `cpus` CPUs each.

    `address`: a running cluster, or None for a local head node started for this run. A task
    asks for at most the CPUs of the largest node (one asking for more would wait for ever).
    `play_slice` returns a tuple beginning (k, exit code, output). Returns the results sorted
    by slice and whether every slice exited 0; each failure is printed to standard error.
    """
    import ray

    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(include_dashboard=False, log_to_driver=False)
    largest = max((n["Resources"].get("CPU", 0) for n in ray.nodes() if n.get("Alive")), default=0)
    if largest > 0:
        cpus = min(cpus, largest)
    task = ray.remote(num_cpus=cpus)(play_slice)
    refs = [task.remote(*args, k, shards) for k in range(1, shards + 1)]
    results = sorted(ray.get(refs))
    ray.shutdown()
    ok = True
    for k, rc, out, *_ in results:
        if rc != 0:
            ok = False
            print(f"slice {k}/{shards} failed (exit {rc}):\n{out}", file=sys.stderr)
    return results, ok
