#include "cli.h"

#include "presets/presets.h"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <ostream>

namespace podplanner::app {

int runPresets(bool json, std::ostream& out) {
    const auto& chips = model::builtinChips();
    const auto clusters = model::builtinClusters();
    const auto& models = model::builtinModels();
    if (json) {
        nlohmann::ordered_json doc;
        doc["chips"] = nlohmann::ordered_json::array();
        for (const auto& c : chips)
            doc["chips"].push_back({{"id", c.id},
                                    {"name", c.name},
                                    {"peak_tflops", c.peakTflops},
                                    {"hbm_gib", c.hbmGib},
                                    {"source", c.source}});
        doc["clusters"] = nlohmann::ordered_json::array();
        for (const auto& c : clusters)
            doc["clusters"].push_back({{"id", c.id},
                                       {"name", c.name},
                                       {"kind", c.kind},
                                       {"chip", c.chip},
                                       {"chips", c.chips}});
        doc["models"] = nlohmann::ordered_json::array();
        for (const auto& m : models)
            doc["models"].push_back({{"id", m.id}, {"name", m.name}, {"source", m.source}});
        out << doc.dump(2) << "\n";
        return kExitOk;
    }
    out << "Chips:\n";
    for (const auto& c : chips) {
        const auto bf16 = c.peakTflops.count("bf16") ? c.peakTflops.at("bf16") : 0.0;
        out << "  " << std::left << std::setw(16) << c.id << std::setw(32) << c.name << std::right
            << std::setw(7) << bf16 << " TFLOP/s bf16  " << std::setw(6) << std::fixed
            << std::setprecision(1) << c.hbmGib << " GiB HBM\n"
            << std::defaultfloat << std::setprecision(6);
    }
    out << "Clusters:\n";
    for (const auto& c : clusters)
        out << "  " << std::left << std::setw(20) << c.id << std::setw(14) << c.kind << std::right
            << std::setw(8) << c.chips << " chips  " << c.name << "\n";
    out << "Models:\n";
    for (const auto& m : models)
        out << "  " << std::left << std::setw(16) << m.id << m.name << "\n";
    return kExitOk;
}

} // namespace podplanner::app
