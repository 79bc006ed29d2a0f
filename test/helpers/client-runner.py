# Runs an unmodified Python CLI (`openstack`, `swift` or `aws`, the program named by the first argument,
# through the client's own entry point) for many requests while paying Python's start-up and the client's
# imports once: this process imports the client (and loads the openstack CLI's command plugins), then forks
# a child per command, so every command starts from that same clean state (no client-side cache or module
# global survives from one command to the next) as a process of its own would.
# Protocol: one JSON request per line on stdin, {"args": [...], "env": {...}, "cwd": str (optional)}; one
# JSON answer per line on stdout, {"code": int, "stdout": str, "stderr": str}. Each command sees exactly
# the environment it was given, its working directory, an empty stdin and its own output streams.
import ctypes
import io
import json
import logging
import os
import signal
import sys
import traceback

PROGRAM = sys.argv[1] if len(sys.argv) > 1 else "openstack"

if PROGRAM == "openstack":
    from openstackclient import shell

    def entry(args):
        return shell.OpenStackShell().run(args)

elif PROGRAM == "swift":
    from swiftclient import shell as swift_shell

    def entry(args):
        return swift_shell.main(["swift", *args])

elif PROGRAM == "aws":
    import awscli
    from awscli import clidriver

    AWSCLI_DATA = os.path.join(os.path.dirname(os.path.abspath(awscli.__file__)), "data")

    def entry(args):
        # what importing awscli does to the environment in a process of its own: its data after the user's
        given = os.environ.get("AWS_DATA_PATH")
        paths = [os.path.expanduser(p) for p in given.split(os.pathsep)] if given else []
        os.environ["AWS_DATA_PATH"] = os.pathsep.join([*paths, AWSCLI_DATA])
        # a driver per command: its session reads the command's environment (keys, region, config files)
        return clidriver.create_clidriver().main(args)

else:
    sys.exit("client-runner: unknown program " + PROGRAM)

requests = sys.stdin
answers = sys.stdout


def quietly(args):
    """Runs a command that needs no cloud, to import and register every command plugin in this process."""
    sink = io.StringIO()
    sys.stdout, sys.stderr = sink, sink
    try:
        entry(args)
    except BaseException:
        pass
    finally:
        sys.stdout, sys.stderr = answers, sys.__stderr__
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)


def run(args, env, cwd):
    if cwd:
        os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    out, err = io.StringIO(), io.StringIO()
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(""), out, err
    try:
        code = entry(args)
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = requests, answers, sys.__stderr__
    return {"code": code if isinstance(code, int) else (0 if code is None else 1), "stdout": out.getvalue(), "stderr": err.getvalue()}


def in_child(args, env, cwd):
    """The command's answer, from a forked child that dies with this process."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except Exception:
            pass
        try:
            data = json.dumps(run(args, env, cwd)).encode()
        except BaseException as e:
            data = json.dumps({"code": 1, "stdout": "", "stderr": repr(e)}).encode()
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return data.decode() if data else json.dumps({"code": 1, "stdout": "", "stderr": "the command's process died"})


if PROGRAM == "openstack":
    quietly(["command", "list"])

for line in requests:
    request = json.loads(line)
    answers.write(in_child(request["args"], request["env"], request.get("cwd")) + "\n")
    answers.flush()
