#include "sizing/size_report.h"

#include "core/json_reader.h"
#include "core/text_format.h"
#include "perf/mesh_mapping.h"
#include "sizing/size_ranking.h"
#include "sizing/svg_chart.h"

#include <cstdio>
#include <filesystem>
#include <map>

namespace podplanner::model::sizing {

namespace {

std::string html(const std::string& text) {
    return xmlEscape(text);
}

std::string cost(const SizePoint& p, bool usd) {
    return usd ? formatNumber("$%.0f", p.costUsd) : formatNumber("%.0f chip-hours", p.chipHours);
}

// Markdown or HTML from one description: headings, paragraphs, tables, charts.
class Doc {
  public:
    Doc(SizeReportFormat format, std::string chartBase)
        : format_(format), chartBase_(std::move(chartBase)) {}

    void heading(const std::string& text, int level) {
        if (md())
            out_ += std::string(static_cast<std::size_t>(level), '#') + " " + text + "\n\n";
        else
            out_ += "<h" + std::to_string(level) + ">" + html(text) + "</h" +
                    std::to_string(level) + ">\n";
    }
    void paragraph(const std::string& text) {
        out_ += md() ? text + "\n\n" : "<p>" + html(text) + "</p>\n";
    }
    void table(const std::vector<std::string>& head,
               const std::vector<std::vector<std::string>>& rows) {
        if (md()) {
            auto row = [&](const std::vector<std::string>& cells) {
                std::string line = "|";
                for (const auto& c : cells)
                    line += " " + c + " |";
                out_ += line + "\n";
            };
            row(head);
            out_ += "|" + std::string();
            for (std::size_t i = 0; i < head.size(); ++i)
                out_ += "---|";
            out_ += "\n";
            for (const auto& r : rows)
                row(r);
            out_ += "\n";
            return;
        }
        out_ += "<table><tr>";
        for (const auto& h : head)
            out_ += "<th>" + html(h) + "</th>";
        out_ += "</tr>\n";
        for (const auto& r : rows) {
            out_ += "<tr>";
            for (const auto& c : r)
                out_ += "<td>" + html(c) + "</td>";
            out_ += "</tr>\n";
        }
        out_ += "</table>\n";
    }
    void chart(const std::string& name, const std::string& svg, const std::string& caption) {
        if (md()) {
            const std::string file = chartBase_ + "-" + name + ".svg";
            files_.emplace_back(file, svg);
            out_ +=
                "![" + caption + "](" + std::filesystem::path(file).filename().string() + ")\n\n";
        } else {
            out_ += "<figure>" + svg + "<figcaption>" + html(caption) + "</figcaption></figure>\n";
        }
    }
    std::string text() const {
        if (md())
            return out_;
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Sizing</title><style>"
               "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#202124}"
               "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #dadce0;"
               "padding:3px 8px;font-size:10pt}th{background:#f6f8fa}figure{margin:1em 0}"
               "</style></head><body>\n" +
               out_ + "</body></html>\n";
    }
    std::vector<std::pair<std::string, std::string>>& files() { return files_; }

  private:
    bool md() const { return format_ == SizeReportFormat::Markdown; }
    SizeReportFormat format_;
    std::string chartBase_;
    std::string out_;
    std::vector<std::pair<std::string, std::string>> files_;
};

std::vector<std::string> pointRow(const SizeRequest& request, const SizePoint& p, bool usd) {
    const Candidate& c = request.candidates[p.candidate];
    return {formatNumber("%.1f", p.trainDays),
            cost(p, usd),
            p.energyKwh < 0 ? "—" : formatNumber("%.0f", p.energyKwh / 1000),
            c.label,
            p.option.text,
            std::to_string(p.spares),
            formatNumber("%.1f%%", 100 * p.goodput),
            formatNumber("%.1f%%", 100 * p.step.mfu),
            p.checkpoint.text() + (p.elastic ? ", elastic" : ""),
            p.limitText};
}

} // namespace

SizeReportFormat reportFormatOf(const std::string& path) {
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".md")
        return SizeReportFormat::Markdown;
    if (ext == ".html" || ext == ".htm")
        return SizeReportFormat::Html;
    throwInputError("--report", "a report file ending in .md or .html", path);
}

std::vector<std::pair<std::string, std::string>> sizeCharts(const SizeRequest& request,
                                                            const SizeResult& r) {
    const bool usd = r.costInUsd;
    std::vector<std::pair<std::string, std::string>> out;
    // Pareto front: every point faint, the front per candidate.
    {
        std::vector<ChartSeries> series;
        ChartSeries all{"all points", "#dadce0", {}, false, 2};
        for (const auto& p : r.points)
            all.points.emplace_back(p.trainDays, costOf(p, usd));
        series.push_back(all);
        for (std::size_t c = 0; c < request.candidates.size(); ++c) {
            ChartSeries s{request.candidates[c].label + " (front)", seriesColor(c), {}, false, 4};
            for (std::size_t i : r.front)
                if (r.points[i].candidate == c)
                    s.points.emplace_back(r.points[i].trainDays, costOf(r.points[i], usd));
            if (!s.points.empty())
                series.push_back(s);
        }
        ChartSpec spec{"Pareto front: time to train against cost",
                       "days to train (with goodput)",
                       usd ? "cost, USD" : "chip-hours",
                       false,
                       request.deadlineDays,
                       "deadline",
                       640,
                       360};
        out.emplace_back("pareto", svgChart(spec, series));
    }
    // Time to train against chips: the fastest point of each size, per candidate.
    {
        std::vector<ChartSeries> series;
        for (std::size_t c = 0; c < request.candidates.size(); ++c) {
            ChartSeries s{request.candidates[c].label, seriesColor(c), {}, true, 2.5};
            for (const auto& [chips, days] : fastestByChips(r, c))
                s.points.emplace_back(static_cast<double>(chips), days);
            series.push_back(s);
        }
        ChartSpec spec{"Time to train against chips",
                       "chips (log scale)",
                       "days to train",
                       true,
                       std::nullopt,
                       "",
                       640,
                       360};
        out.emplace_back("chips", svgChart(spec, series));
    }
    // Goodput against spares, of the recommended placement.
    {
        std::vector<ChartSeries> series;
        if (r.recommended) {
            const SizePoint& rec = r.points[*r.recommended];
            ChartSeries s{request.candidates[rec.candidate].label + ", " + rec.option.text,
                          seriesColor(rec.candidate),
                          {},
                          true,
                          3.5};
            for (const SizePoint* p : recommendedBySpares(r))
                s.points.emplace_back(p->spares, p->goodput);
            series.push_back(s);
        }
        ChartSpec spec{"Goodput against hot spares",
                       "spare cubes or nodes held",
                       "goodput",
                       false,
                       std::nullopt,
                       "",
                       640,
                       300};
        out.emplace_back("spares", svgChart(spec, series));
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> sizeReportFiles(const SizeRequest& request,
                                                                 const SizeResult& r,
                                                                 const ShapeStudy* study,
                                                                 const std::string& path) {
    const SizeReportFormat format = reportFormatOf(path);
    std::filesystem::path base(path);
    base.replace_extension();
    Doc doc(format, base.string());
    const bool usd = r.costInUsd;
    const Job& job = request.job;
    doc.heading("Sizing " + job.name, 1);
    std::string inputs =
        formatNumber("%.4g tokens", static_cast<double>(job.training.totalTokens)) +
        formatNumber(" in batches of %.4g tokens",
                     static_cast<double>(job.training.globalBatchTokens));
    if (request.deadlineDays)
        inputs += formatNumber(", deadline %.1f days", *request.deadlineDays);
    if (request.budgetUsd)
        inputs += formatNumber(", budget $%.0f", *request.budgetUsd);
    if (request.budgetChipHours)
        inputs += formatNumber(", budget %.0f chip-hours", *request.budgetChipHours);
    doc.paragraph(inputs + ".");
    for (const auto& note : r.notes)
        doc.paragraph("Note: " + note + ".");

    doc.heading("Recommendation", 2);
    doc.paragraph(r.recommendation + ".");
    const std::vector<std::string> head = {"days",        usd ? "cost" : "chip-hours",
                                           "MWh",         "candidate",
                                           "placement",   "spares",
                                           "goodput",     "MFU",
                                           "checkpoints", "limit"};
    if (r.recommended) {
        const SizePoint& p = r.points[*r.recommended];
        doc.table(head, {pointRow(request, p, usd)});
        doc.paragraph("Layout: " + p.mappingText + "; " + std::to_string(p.layout.microbatches) +
                      " microbatches, recompute " + perf::recomputeName(p.layout.recompute) +
                      (p.layout.zeroStage ? ", ZeRO-" + std::to_string(p.layout.zeroStage) : "") +
                      formatNumber("; %.3f s per step", p.step.stepS) +
                      formatNumber(", %.1f days without failures.", p.idealDays));
    }
    const auto charts = sizeCharts(request, r);
    doc.heading("Pareto front", 2);
    doc.chart(charts[0].first, charts[0].second,
              "Time to train against cost; the front per candidate, every point faint");
    std::vector<std::vector<std::string>> rows;
    for (std::size_t i : r.front)
        rows.push_back(pointRow(request, r.points[i], usd));
    doc.table(head, rows);
    doc.heading("Time to train against chips", 2);
    doc.chart(charts[1].first, charts[1].second,
              "The fastest placement of each size, per candidate");
    doc.heading("Goodput against spares", 2);
    doc.chart(charts[2].first, charts[2].second,
              "The recommended placement with 0 to N hot spares");

    doc.heading("Candidates side by side", 2);
    rows.clear();
    for (std::size_t c = 0; c < request.candidates.size(); ++c) {
        const Candidate& cand = request.candidates[c];
        const auto& b = r.bestPerCandidate[c];
        const SizePoint* p = b ? &r.points[*b] : nullptr;
        rows.push_back(
            {cand.label, cand.cluster.chip.name, p ? std::to_string(p->option.chips) : "—",
             p ? formatNumber("%.1f", p->trainDays) : "—",
             p ? formatNumber("%.1f%%", 100 * p->goodput) : "—",
             p && p->energyKwh >= 0 ? formatNumber("%.0f", p->energyKwh / 1000) : "—",
             p && p->costUsd >= 0 ? formatNumber("$%.0f", p->costUsd) : "—",
             (cand.priceUsdPerChipHour > 0 ? formatNumber("$%.2f/chip-h", cand.priceUsdPerChipHour)
                                           : "unknown") +
                 " (" + cand.priceSource + ")",
             (cand.powerW > 0 ? formatNumber("%.0f W", cand.powerW) : "unknown") + " (" +
                 cand.powerSource + ")"});
    }
    doc.table({"candidate", "chip", "chips", "days", "goodput", "MWh", "cost", "price (source)",
               "power (source)"},
              rows);

    if (study) {
        doc.heading("Slice shapes of " + std::to_string(study->chips) + " chips", 2);
        rows.clear();
        for (const auto& s : study->rows)
            rows.push_back({s.shape + (s.twisted ? " twisted" : ""),
                            s.whatIf  ? "what-if: none"
                            : s.wraps ? "yes"
                                      : "no",
                            s.planned ? formatNumber("%.3f", s.stepS) : "—",
                            s.planned ? formatNumber("%.1f%%", 100 * s.mfu) : "—",
                            s.planned ? formatNumber("%.4f", s.allToAllS) : "—", s.mapping});
        doc.table({"shape", "wraparound", "step s", "MFU", "all-to-all s", "mapping"}, rows);
        if (study->wraparoundGain > 0)
            doc.paragraph("Wraparound on " + study->wraparoundShape + ": the step is " +
                          formatNumber("%.1f%%", 100 * (study->wraparoundGain - 1)) +
                          " longer without it.");
        if (study->twistStepGain > 0)
            doc.paragraph(
                "Twist on " + study->twistShape + ": the step is " +
                formatNumber("%.1f%%", 100 * (study->twistStepGain - 1)) +
                " longer untwisted; the same layout's all-to-all takes " +
                formatNumber("%.2fx", study->twistAllToAllGain) + " as long untwisted" +
                formatNumber("; an all-to-all over the whole slice is %.2fx faster twisted",
                             study->twistFabricGain) +
                (study->twistReferenceGain > 0
                     ? formatNumber(" (measured on TPU v4: %.2fx, ISCA 2023 section 2.8)",
                                    study->twistReferenceGain)
                     : std::string()) +
                ".");
    }
    doc.heading("Search", 2);
    doc.paragraph(std::to_string(r.placementsPlanned) + " placements planned (" +
                  std::to_string(r.placementsWithoutLayout) + " with no layout that fits), " +
                  std::to_string(r.configurationsConsidered) +
                  " layout configurations considered, " + std::to_string(r.layoutsTimed) +
                  " timed, " + std::to_string(r.variantsScored) +
                  " spare, checkpoint and elastic variants scored, in " +
                  formatNumber("%.2f s", r.elapsedS) + " (docs/sizing.md).");
    std::vector<std::pair<std::string, std::string>> files{{path, doc.text()}};
    for (auto& f : doc.files())
        files.push_back(std::move(f));
    return files;
}

} // namespace podplanner::model::sizing
