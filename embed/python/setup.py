"""Builds the native module with the project's CMake (no network: everything comes from
the source tree and Debian's packages) and packages it with libplank next to it and the data
Plank reads at run time (the stdlib, the parser model, the world data: the install component
`data`) in plank/share/plank, where libplank finds it (support/data_paths.h).

    pip install --no-build-isolation ./embed/python
    PLANK_BUILD_DIR=build pip install --no-build-isolation ./embed/python   # reuse a build
"""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class BuildWithCMake(build_py):
    def run(self):
        super().run()
        build = Path(os.environ.get("PLANK_BUILD_DIR", ROOT / "build-python")).resolve()
        if not (build / "CMakeCache.txt").exists():
            subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                                   "-DCMAKE_BUILD_TYPE=Release", "-DPLANK_TESTS=OFF", "-DPLANK_BENCH=OFF"])
        subprocess.check_call(["cmake", "--build", str(build), "--target", "plank_python"])
        out = Path(self.build_lib) / "plank"
        out.mkdir(parents=True, exist_ok=True)
        for module in (build / "python" / "plank").glob("_plank*.so"):
            shutil.copy2(module, out / module.name)
        # The module finds libplank by $ORIGIN (its RPATH's first entry).
        for lib in (build / "lib").glob("libplank.so.*"):
            if not lib.is_symlink():
                shutil.copy2(lib, out / ("libplank.so." + lib.name.split(".so.")[1].split(".")[0]))
        with tempfile.TemporaryDirectory() as prefix:
            subprocess.check_call(["cmake", "--install", str(build), "--component", "data", "--prefix", prefix],
                                  stdout=subprocess.DEVNULL)
            shutil.copytree(Path(prefix) / "share" / "plank", out / "share" / "plank", dirs_exist_ok=True)


setup(packages=["plank"], cmdclass={"build_py": BuildWithCMake})
