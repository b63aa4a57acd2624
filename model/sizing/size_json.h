#pragma once
// `podplanner size --json` (docs/sizing.md, "Output").
#include "sizing/shape_study.h"
#include "sizing/size_search.h"

#include <string>

namespace podplanner::model::sizing {

std::string sizeJson(const SizeRequest& request, const SizeResult& result,
                     const ShapeStudy* study = nullptr);

} // namespace podplanner::model::sizing
