#pragma once
// MaxText's built-in model configs that PodPlanner's model can hold exactly, and base.yml's
// defaults for a run without model_name (AI-Hypercomputer/maxtext e591f30,
// src/maxtext/configs/models/*.yml and src/maxtext/configs/base.yml). seq_len is not part of a
// model config (max_target_length sets it).
#include "project/job.h"

#include <string>
#include <vector>

namespace podplanner::model::interop {

struct MaxTextModel {
    std::string name; // model_name
    ModelSpec model;
};

const std::vector<MaxTextModel>& maxTextModels();
// base.yml's base_emb_dim, base_num_query_heads, ... (model_name: "default").
ModelSpec maxTextBaseModel();
// The first built-in config equal to `model` in every dimension but seq_len, or nullptr.
const MaxTextModel* matchMaxTextModel(const ModelSpec& model);
const MaxTextModel* findMaxTextModel(const std::string& name);

} // namespace podplanner::model::interop
