#pragma once
// The undoable edits of a project (Edit › Undo/Redo). Project edits keep the project before
// and after (a Project is small: the cluster's source text and the jobs), so undo restores
// exactly what was there; failure edits keep the failed-component set before and after.
// Edits of one control in a row (a spin box held down, a slider dragged) merge into one step.
#include "project/project.h"
#include "topology/topology.h"

#include <QString>
#include <QUndoCommand>

#include <memory>
#include <vector>

namespace podplanner::views {

class ProjectDocument;

class ProjectEditCommand : public QUndoCommand {
  public:
    // `mergeKey` non-empty: consecutive edits with the same key become one undo step.
    ProjectEditCommand(ProjectDocument* document, const QString& text,
                       std::shared_ptr<const model::Project> before,
                       std::shared_ptr<const model::Project> after, QString mergeKey = {});
    void undo() override;
    void redo() override;
    int id() const override { return mergeKey_.isEmpty() ? -1 : 1; }
    bool mergeWith(const QUndoCommand* other) override;

  private:
    ProjectDocument* document_;
    std::shared_ptr<const model::Project> before_, after_;
    QString mergeKey_;
};

class FailureEditCommand : public QUndoCommand {
  public:
    FailureEditCommand(ProjectDocument* document, const QString& text,
                       std::vector<model::Component> before, std::vector<model::Component> after);
    void undo() override;
    void redo() override;

  private:
    ProjectDocument* document_;
    std::vector<model::Component> before_, after_;
};

} // namespace podplanner::views
