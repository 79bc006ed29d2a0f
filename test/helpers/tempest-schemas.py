# Prints the response schemas tempest publishes (tempest.lib.api_schema.response.<area>) as one JSON object,
# {"<module under the area>": {"<schema name>": schema}}, read from the installed package (Debian's `tempest`)
# so that no copy of upstream's schemas lives in this repository. Run with /usr/bin/python3: test/helpers/
# upstream-schemas.ts calls it once per test file. A schema is a module-level dict with a `status_code`;
# importing the module gives the final values of those built with deepcopy()/update().
import importlib
import json
import pkgutil
import sys


def schemas_of(module):
    return {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_") and isinstance(value, dict) and "status_code" in value
    }


def main(area):
    root = importlib.import_module(f"tempest.lib.api_schema.response.{area}")
    prefix = root.__name__ + "."
    out = {}
    for info in pkgutil.walk_packages(root.__path__, prefix):
        module = importlib.import_module(info.name)
        found = schemas_of(module)
        if found:
            out[info.name[len(prefix):].replace(".", "/")] = found
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "volume")
