#pragma once
// YAML documents read as JSON values (InfraGraph's blueprints are published as YAML): mappings
// become objects, sequences arrays, and plain scalars numbers, booleans or null where YAML's
// core schema reads them so, strings otherwise. Syntax errors give the line and column.
#include "core/json_reader.h"

#include <string>

namespace podplanner::model::interop {

Json parseYamlAsJson(const std::string& text);

} // namespace podplanner::model::interop
