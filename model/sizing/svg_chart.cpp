#include "sizing/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace podplanner::model::sizing {

std::string xmlEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '&':
            out += "&amp;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

namespace {

std::string escape(const std::string& text) {
    return xmlEscape(text);
}

std::string num(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", v);
    return buffer;
}

// Tick label: 3 significant digits, k/M for large values.
std::string tick(double v) {
    char buffer[32];
    const double a = std::fabs(v);
    if (a >= 1e6)
        std::snprintf(buffer, sizeof buffer, "%.3gM", v / 1e6);
    else if (a >= 1e4)
        std::snprintf(buffer, sizeof buffer, "%.3gk", v / 1e3);
    else
        std::snprintf(buffer, sizeof buffer, "%.3g", v);
    return buffer;
}

// About five round steps over [lo, hi].
std::vector<double> linearTicks(double lo, double hi) {
    const double span = hi - lo;
    if (!(span > 0))
        return {lo};
    const double raw = span / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    std::vector<double> out;
    for (double t = std::ceil(lo / step) * step; t <= hi + 1e-9 * step; t += step)
        out.push_back(t);
    return out;
}

} // namespace

const char* seriesColor(std::size_t index) {
    static const char* colors[] = {"#1a73e8", "#d93025", "#188038", "#e37400",
                                   "#9334e6", "#007b83", "#b06000", "#5f6368"};
    return colors[index % 8];
}

std::string svgChart(const ChartSpec& spec, const std::vector<ChartSeries>& series) {
    const double left = 64, right = 16, top = 28, bottom = 44;
    const double w = spec.width - left - right, h = spec.height - top - bottom;
    double x0 = std::numeric_limits<double>::max(), x1 = -x0, y0 = x0, y1 = -x0;
    for (const auto& s : series)
        for (const auto& [x, y] : s.points) {
            if (spec.logX && x <= 0)
                continue;
            x0 = std::min(x0, x);
            x1 = std::max(x1, x);
            y0 = std::min(y0, y);
            y1 = std::max(y1, y);
        }
    if (spec.xMarker) {
        x0 = std::min(x0, *spec.xMarker);
        x1 = std::max(x1, *spec.xMarker);
    }
    const bool empty = x0 > x1;
    if (empty)
        x0 = 0, x1 = 1, y0 = 0, y1 = 1;
    if (x1 - x0 <= 0)
        x1 = x0 + 1;
    y0 = std::min(0.0, y0);
    if (y1 - y0 <= 0)
        y1 = y0 + 1;
    y1 += (y1 - y0) * 0.05;
    const auto fx = [&](double x) {
        if (spec.logX)
            return left +
                   w * (std::log(x) - std::log(x0)) / std::max(1e-12, std::log(x1) - std::log(x0));
        return left + w * (x - x0) / (x1 - x0);
    };
    const auto fy = [&](double y) { return top + h - h * (y - y0) / (y1 - y0); };

    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      std::to_string(spec.width) + "\" height=\"" + std::to_string(spec.height) +
                      "\" font-family=\"sans-serif\" font-size=\"11\">\n";
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    out += "<text x=\"" + num(left) + "\" y=\"16\" font-size=\"13\" font-weight=\"bold\">" +
           escape(spec.title) + "</text>\n";
    // Axes, grid and ticks.
    for (double t : linearTicks(y0, y1)) {
        out += "<line x1=\"" + num(left) + "\" x2=\"" + num(left + w) + "\" y1=\"" + num(fy(t)) +
               "\" y2=\"" + num(fy(t)) + "\" stroke=\"#e8eaed\"/>\n";
        out += "<text x=\"" + num(left - 6) + "\" y=\"" + num(fy(t) + 4) +
               "\" text-anchor=\"end\">" + tick(t) + "</text>\n";
    }
    std::vector<double> xt;
    if (spec.logX) {
        for (double t = std::pow(2.0, std::ceil(std::log2(x0))); t <= x1 * 1.0001; t *= 2)
            xt.push_back(t);
        while (xt.size() > 8) {
            std::vector<double> thinned;
            for (std::size_t i = 0; i < xt.size(); i += 2)
                thinned.push_back(xt[i]);
            xt = thinned;
        }
    } else {
        xt = linearTicks(x0, x1);
    }
    for (double t : xt)
        out += "<text x=\"" + num(fx(t)) + "\" y=\"" + num(top + h + 16) +
               "\" text-anchor=\"middle\">" + tick(t) + "</text>\n";
    out += "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\"" + num(w) +
           "\" height=\"" + num(h) + "\" fill=\"none\" stroke=\"#9aa0a6\"/>\n";
    out += "<text x=\"" + num(left + w / 2) + "\" y=\"" + num(spec.height - 8.0) +
           "\" text-anchor=\"middle\">" + escape(spec.xLabel) + "</text>\n";
    out += "<text transform=\"translate(14," + num(top + h / 2) +
           ") rotate(-90)\" text-anchor=\"middle\">" + escape(spec.yLabel) + "</text>\n";
    if (spec.xMarker) {
        const double x = fx(*spec.xMarker);
        out += "<line x1=\"" + num(x) + "\" x2=\"" + num(x) + "\" y1=\"" + num(top) + "\" y2=\"" +
               num(top + h) + "\" stroke=\"#5f6368\" stroke-dasharray=\"4 3\"/>\n";
        out += "<text x=\"" + num(x + 4) + "\" y=\"" + num(top + 12) + "\">" +
               escape(spec.xMarkerLabel) + "</text>\n";
    }
    // Series, then the legend.
    double legendY = top + 14;
    for (const auto& s : series) {
        auto pts = s.points;
        if (s.line)
            std::sort(pts.begin(), pts.end());
        if (s.line && pts.size() > 1) {
            std::string path;
            for (const auto& [x, y] : pts)
                if (!spec.logX || x > 0)
                    path += (path.empty() ? "M" : " L") + num(fx(x)) + " " + num(fy(y));
            out += "<path d=\"" + path + "\" fill=\"none\" stroke=\"" + s.color +
                   "\" stroke-width=\"1.5\"/>\n";
        }
        if (s.radius > 0)
            for (const auto& [x, y] : pts)
                if (!spec.logX || x > 0)
                    out += "<circle cx=\"" + num(fx(x)) + "\" cy=\"" + num(fy(y)) + "\" r=\"" +
                           num(s.radius) + "\" fill=\"" + s.color + "\" fill-opacity=\"0.8\"/>\n";
        if (!s.name.empty()) {
            out += "<rect x=\"" + num(left + w - 150) + "\" y=\"" + num(legendY - 8) +
                   "\" width=\"10\" height=\"10\" fill=\"" + s.color + "\"/>\n";
            out += "<text x=\"" + num(left + w - 136) + "\" y=\"" + num(legendY + 1) + "\">" +
                   escape(s.name) + "</text>\n";
            legendY += 15;
        }
    }
    if (empty)
        out += "<text x=\"" + num(left + w / 2) + "\" y=\"" + num(top + h / 2) +
               "\" text-anchor=\"middle\" fill=\"#5f6368\">no points</text>\n";
    return out + "</svg>\n";
}

} // namespace podplanner::model::sizing
