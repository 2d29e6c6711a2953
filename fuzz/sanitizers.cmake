# Sanitizer and fuzzer builds, included by the top-level CMakeLists.txt.
#   -DXPAR_SANITIZE=ON  AddressSanitizer + UndefinedBehaviorSanitizer on everything (gcc or clang);
#                       scripts/test.sh --sanitize configures build-asan this way (--quick:
#                       build-asan-quick, at -O0).
#   -DXPAR_FUZZ=ON      clang only: the same sanitizers plus libFuzzer coverage, and the targets of
#                       fuzz/ (scripts/fuzz.sh builds build-fuzz this way and runs them).
# UB is fatal (-fno-sanitize-recover), so a sanitizer report fails the test that caused it.
option(XPAR_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(XPAR_FUZZ "Build the libFuzzer targets of fuzz/ (clang; implies XPAR_SANITIZE)" OFF)

if(XPAR_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "XPAR_FUZZ needs clang (libFuzzer): -DCMAKE_CXX_COMPILER=clang++ "
                        "-DCMAKE_C_COMPILER=clang")
  endif()
  set(XPAR_SANITIZE ON)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

if(XPAR_SANITIZE)
  set(xpar_sanitizer_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined
      -fno-omit-frame-pointer)
  add_compile_options(${xpar_sanitizer_flags})
  add_link_options(-fsanitize=address,undefined)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    # The warning set is tuned for gcc (the normal build keeps -Werror); clang's extra warnings
    # must not stop a sanitizer build.
    add_compile_options(-Wno-error -Wno-unknown-warning-option)
  endif()
endif()
