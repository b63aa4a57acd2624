#pragma once
// The sizing report (`podplanner size --report FILE`, the Size dialog's Export): inputs, the
// recommendation, the Pareto front, time to train against chips, goodput against spares, the
// candidates side by side with the sources of their prices and power, the slice shapes.
// HTML is one self-contained file with its charts inline; Markdown links SVG files beside it.
#include "sizing/shape_study.h"
#include "sizing/size_search.h"

#include <string>
#include <utility>
#include <vector>

namespace podplanner::model::sizing {

enum class SizeReportFormat { Markdown, Html };

// From the file name (.md, .html, .htm); throws InputError for anything else.
SizeReportFormat reportFormatOf(const std::string& path);

// The files to write: the report at `path` first, then (Markdown) its charts beside it.
std::vector<std::pair<std::string, std::string>> sizeReportFiles(const SizeRequest& request,
                                                                 const SizeResult& result,
                                                                 const ShapeStudy* study,
                                                                 const std::string& path);

// The three charts as SVG: "pareto", "chips", "spares".
std::vector<std::pair<std::string, std::string>> sizeCharts(const SizeRequest& request,
                                                            const SizeResult& result);

} // namespace podplanner::model::sizing
