# The layers' includes (docs/architecture.md, "The layers"): each folder
# below must not include what its layer never uses. Run by CTest as
# `layers`: cmake -DSOURCE_DIR=<checkout> -P tests/layers.cmake
#   engine/    no JSON, Boost, Asio, spdlog or SQLite
#   rating/    the same
#   event/     the same (it uses the engine)
#   table/     no JSON (its answers and rows are typed: protocol writes
#              them, the shell stores them), Boost, Asio, spdlog or SQLite
#   protocol/  no Boost, Asio, spdlog or SQLite
#   storage/   JSON in its .cpp files only (the codecs, and json_codec.hpp,
#              their internal helpers); no Boost
set(rules
  "engine|.*|nlohmann/|boost/|spdlog/|sqlite3"
  "rating|.*|nlohmann/|boost/|spdlog/|sqlite3"
  "event|.*|nlohmann/|boost/|spdlog/|sqlite3"
  "table|.*|nlohmann/|boost/|spdlog/|sqlite3"
  "protocol|.*|boost/|spdlog/|sqlite3"
  "storage|\\.hpp$|nlohmann/|boost/|json_codec"
  "storage|\\.cpp$|boost/")
# Internal headers a rule does not apply to: storage's JSON helpers, which
# only its codecs' .cpp files include.
cmake_policy(SET CMP0057 NEW)  # if(... IN_LIST ...)
set(internal "storage/json_codec.hpp")
set(failures "")
foreach(rule IN LISTS rules)
  string(REPLACE "|" ";" parts "${rule}")
  list(POP_FRONT parts folder names)
  file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/${folder}/*.hpp"
       "${SOURCE_DIR}/${folder}/*.cpp")
  foreach(file IN LISTS files)
    if(NOT file MATCHES "${names}" OR file IN_LIST internal)
      continue()
    endif()
    file(STRINGS "${SOURCE_DIR}/${file}" includes REGEX "^[ \t]*#[ \t]*include")
    foreach(forbidden IN LISTS parts)
      foreach(line IN LISTS includes)
        string(FIND "${line}" "${forbidden}" at)
        if(NOT at EQUAL -1)
          string(APPEND failures "\n  ${file}: ${line}")
        endif()
      endforeach()
    endforeach()
  endforeach()
endforeach()
if(failures)
  message(FATAL_ERROR "includes outside their layer (docs/architecture.md):${failures}")
endif()
message(STATUS "every layer includes only what it may")
