"""Package discovery only; all metadata is in setup.cfg.

The built-in plugins live in ./plugins and install as ``workbench_plugins`` so the
distribution claims no generic top-level import name.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["workbench", "workbench.*"])
    + ["workbench_plugins"]
    + ["workbench_plugins." + p for p in find_packages("plugins")],
)
