#include "edit_commands.h"

#include "project_document.h"

namespace podplanner::views {

ProjectEditCommand::ProjectEditCommand(ProjectDocument* document, const QString& text,
                                       std::shared_ptr<const model::Project> before,
                                       std::shared_ptr<const model::Project> after,
                                       QString mergeKey)
    : QUndoCommand(text), document_(document), before_(std::move(before)), after_(std::move(after)),
      mergeKey_(std::move(mergeKey)) {}

void ProjectEditCommand::undo() {
    document_->replaceProject(before_);
}

void ProjectEditCommand::redo() {
    document_->replaceProject(after_);
}

bool ProjectEditCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const ProjectEditCommand*>(other);
    if (!next || next->mergeKey_ != mergeKey_)
        return false;
    after_ = next->after_;
    setText(next->text());
    return true;
}

FailureEditCommand::FailureEditCommand(ProjectDocument* document, const QString& text,
                                       std::vector<model::Component> before,
                                       std::vector<model::Component> after)
    : QUndoCommand(text), document_(document), before_(std::move(before)),
      after_(std::move(after)) {}

void FailureEditCommand::undo() {
    document_->replaceFailures(before_);
}

void FailureEditCommand::redo() {
    document_->replaceFailures(after_);
}

} // namespace podplanner::views
