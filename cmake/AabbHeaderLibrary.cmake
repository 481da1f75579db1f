# aabb_header_library(NAME [C_HEADER] [LINKS target...]): the header-only layer aabb_NAME in the
# current folder: alias aabb::NAME, its include/ tree, C++20 (not for a C header), its links,
# and its install into the aabb-oracle export set. One definition for every header-only layer.
function(aabb_header_library name)
  cmake_parse_arguments(arg "C_HEADER" "" "LINKS" ${ARGN})
  add_library(aabb_${name} INTERFACE)
  add_library(aabb::${name} ALIAS aabb_${name})
  set_target_properties(aabb_${name} PROPERTIES EXPORT_NAME ${name})
  target_include_directories(aabb_${name} INTERFACE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  if(NOT arg_C_HEADER)
    target_compile_features(aabb_${name} INTERFACE cxx_std_20)
  endif()
  if(arg_LINKS)
    target_link_libraries(aabb_${name} INTERFACE ${arg_LINKS})
  endif()
  if(AABB_INSTALL)
    install(TARGETS aabb_${name} EXPORT aabb-oracle-targets)
    install(DIRECTORY include/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
  endif()
endfunction()
