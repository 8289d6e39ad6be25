# What Plank reads at run time, and where `cmake --install` puts it: one folder,
# <prefix>/${PLANK_DATA_INSTALL_DIR} (share/plank). support/data_paths.cpp finds that folder
# again at run time, relative to libplank or the `plank` executable, so an installed prefix
# may be moved anywhere; from a build tree it reads the source tree's copies.
# The names of the folder's entries are support/data_paths.cpp's table (kItems): keep both alike.
# All of it is the install component `data` (the Python package copies it: embed/python/setup.py).
include(GNUInstallDirs)
set(PLANK_DATA_INSTALL_DIR ${CMAKE_INSTALL_DATADIR}/plank)
# From the installed library's and executable's folders to the data folder (relative, so the
# prefix given at install time, or a move after it, does not matter).
file(RELATIVE_PATH PLANK_LIB_TO_DATA /${CMAKE_INSTALL_LIBDIR} /${PLANK_DATA_INSTALL_DIR})
file(RELATIVE_PATH PLANK_BIN_TO_DATA /${CMAKE_INSTALL_BINDIR} /${PLANK_DATA_INSTALL_DIR})

# minecraft-data (npm, MIT, 3.117.0; Java 1.16.5) is fetched by
# scripts/fetch-minecraft-data.sh, never committed. $PLANK_MCDATA overrides this at run time.
set(PLANK_MCDATA_DIR "$ENV{HOME}/.cache/plank/minecraft-data-3.117.0/pc-1.16.5" CACHE PATH
    "Flat folder of minecraft-data JSON for pc 1.16.5 (written by scripts/fetch-minecraft-data.sh)")

# The Plank-written standard library (imports, the agent loops and policies).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/stdlib/ DESTINATION ${PLANK_DATA_INSTALL_DIR}/stdlib COMPONENT data
        PATTERN README.md EXCLUDE)
# The parser's weights, calibration and ensemble description (not its plots and cards).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/models/ DESTINATION ${PLANK_DATA_INSTALL_DIR}/models COMPONENT data
        FILES_MATCHING PATTERN "*.bin" PATTERN "*.calib.json" PATTERN "parser-ensemble.json")
# The survival world's hand-written data, and the built-in CAIP scenes.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/world/data/ DESTINATION ${PLANK_DATA_INSTALL_DIR}/world COMPONENT data)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/scenes/ DESTINATION ${PLANK_DATA_INSTALL_DIR}/scenes COMPONENT data)
# minecraft-data and the DEPS task list come from outside the repository: installed when the
# build machine has them (make deps fetches the first; the second is the shared folder's).
install(DIRECTORY ${PLANK_MCDATA_DIR}/ DESTINATION ${PLANK_DATA_INSTALL_DIR}/minecraft-data COMPONENT data OPTIONAL)
install(FILES ${PLANK_SHARED_DIR}/data/deps/tasks.json DESTINATION ${PLANK_DATA_INSTALL_DIR}/deps COMPONENT data OPTIONAL)
