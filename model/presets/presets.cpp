#include "presets/presets.h"

#include "cluster/cluster_json.h"
#include "hardware/chip_type_json.h"
#include "presets/preset_json.h"
#include "project/model_json.h"

#include <string_view>
#include <utility>

namespace podplanner::model {
namespace detail {
const std::vector<std::pair<std::string_view, std::string_view>>& embeddedPresetFiles();
}

namespace {

struct PresetTables {
    std::map<std::string, Json> chipJson;
    std::map<std::string, Json> clusterJson;
    std::vector<ChipType> chips;
    std::vector<ModelPreset> models;
    Json accuracy; // null when the table is missing
};

// Parsed once; the embedded files are ours and are checked by the preset tests, so a failure
// here is a build defect and is reported with the file name.
const PresetTables& tables() {
    static const PresetTables instance = [] {
        PresetTables t;
        for (const auto& [path, text] : detail::embeddedPresetFiles()) {
            const std::string file(path);
            try {
                const Json doc = parseJsonText(std::string(text));
                if (file == "chips.json") {
                    for (std::size_t i = 0; i < doc.at("chips").size(); ++i) {
                        const Json& c = doc["chips"][i];
                        t.chipJson[c.at("id").get<std::string>()] = c;
                        t.chips.push_back(readChipType(c, childPointer("/chips", i)));
                    }
                } else if (file == "models.json") {
                    for (std::size_t i = 0; i < doc.at("models").size(); ++i)
                        t.models.push_back(
                            readModelPreset(doc["models"][i], childPointer("/models", i)));
                } else if (file == "accuracy.json") {
                    t.accuracy = doc;
                } else if (file.rfind("clusters/", 0) == 0) {
                    t.clusterJson[doc.at("id").get<std::string>()] = doc;
                }
            } catch (const InputError& e) {
                throw InputError(e.withFile("built-in preset " + file));
            }
        }
        return t;
    }();
    return instance;
}

template <typename Map> std::vector<std::string> keysOf(const Map& map) {
    std::vector<std::string> keys;
    for (const auto& entry : map)
        keys.push_back(entry.first);
    return keys;
}

} // namespace

const std::vector<ChipType>& builtinChips() {
    return tables().chips;
}

const ChipType* findBuiltinChip(const std::string& id) {
    for (const auto& chip : tables().chips)
        if (chip.id == id)
            return &chip;
    return nullptr;
}

const Json* builtinChipJson(const std::string& id) {
    const auto it = tables().chipJson.find(id);
    return it == tables().chipJson.end() ? nullptr : &it->second;
}

const Json* builtinClusterJson(const std::string& id) {
    const auto it = tables().clusterJson.find(id);
    return it == tables().clusterJson.end() ? nullptr : &it->second;
}

std::vector<std::string> builtinChipIds() {
    return keysOf(tables().chipJson);
}
std::vector<std::string> builtinClusterIds() {
    return keysOf(tables().clusterJson);
}

ClusterSpec builtinCluster(const std::string& id) {
    return readClusterSource(Json{{"preset", id}}, "/cluster", {});
}

std::vector<ClusterPresetSummary> builtinClusters() {
    std::vector<ClusterPresetSummary> out;
    for (const auto& id : builtinClusterIds()) {
        const ClusterSpec spec = builtinCluster(id);
        out.push_back({id, spec.name, podKindName(spec.pod.kind), spec.chip.id, spec.chips()});
    }
    return out;
}

const Json& builtinAccuracyJson() {
    return tables().accuracy;
}

const std::vector<ModelPreset>& builtinModels() {
    return tables().models;
}

const ModelPreset* findBuiltinModel(const std::string& id) {
    for (const auto& m : tables().models)
        if (m.id == id)
            return &m;
    return nullptr;
}

} // namespace podplanner::model
