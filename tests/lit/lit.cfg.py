# lit configuration: golden text tests for the parser, printer, verifier and interpreter.
import os
import lit.formats

config.name = "xpar"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".hlo", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.xpar_bin, "tests", "lit")
config.environment["PATH"] = os.pathsep.join(
    [config.xpar_bin, config.filecheck_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%xpar", os.path.join(config.xpar_bin, "xpar")))
config.substitutions.append(("%examples", os.path.join(config.xpar_src, "examples")))
