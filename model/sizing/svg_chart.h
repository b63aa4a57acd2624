#pragma once
// A small scatter / line chart as self-contained SVG, for the sizing report (no Qt needed).
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace podplanner::model::sizing {

struct ChartSeries {
    std::string name;
    std::string color; // "#1a73e8"
    std::vector<std::pair<double, double>> points;
    bool line = false; // joined in x order
    double radius = 3; // of each marker (0: none)
};

struct ChartSpec {
    std::string title;
    std::string xLabel;
    std::string yLabel;
    bool logX = false;
    std::optional<double> xMarker; // a dashed vertical line (a deadline)
    std::string xMarkerLabel;
    int width = 640;
    int height = 360;
};

std::string svgChart(const ChartSpec& spec, const std::vector<ChartSeries>& series);

// Text for XML and HTML: < > & " escaped.
std::string xmlEscape(const std::string& text);

// Colours for candidates, in order.
const char* seriesColor(std::size_t index);

} // namespace podplanner::model::sizing
