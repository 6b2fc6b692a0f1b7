"""Tools for a teacher: a class report, a student release and nbgrader assignments (issue 21).

- `report`: ``goose-widgets report PATH...`` reads learners' progress files
  (`goose_widgets.exercises.progress`) and prints the class table as CSV, or writes it as a page.
- `release`: ``goose-widgets assign FOLDER`` writes the course for a class with solutions turned off.
- `nbgrader_course`: ``goose-widgets nbgrader FOLDER`` writes an nbgrader course whose answer cells
  are solution cells and whose checks are autograded test cells (`grading.grade`).
- `notebooks`: what these share: finding each exercise's answer and check cells in a notebook.
- `offline_html`: a notebook as one HTML page that needs no network (``goose-widgets export``,
  ``jupyter nbconvert --to goose_html``): boards as their pictures, maths typeset (issue 29).

The course's notebooks are read where `goose_widgets.resources.course_path` finds them.
"""
